import { Button } from '@mui/material';

export function Refresh() {
  return (
    <Button variant="contained" sx={{ mt: 1, '&:hover': { color: 'white', bgcolor: 'primary.main', opacity: 0.9 } }}>
      Refresh
    </Button>
  );
}

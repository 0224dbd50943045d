import { Button } from '@mui/material';

export function Refresh() {
  return (
    <Button variant="contained" sx={{ mt: 1, '&:hover': { color: 'white' } }}>
      Refresh
    </Button>
  );
}

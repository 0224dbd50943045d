import { Typography } from '@mui/material';

export function Title() {
  return (
    <Typography variant="h4" sx={{ mb: 3, fontWeight: 700, color: 'primary.main', letterSpacing: '1px' }}>
      Plantation
    </Typography>
  );
}

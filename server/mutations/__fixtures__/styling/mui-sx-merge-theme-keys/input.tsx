import { Typography } from '@mui/material';

export function Title() {
  return (
    <Typography variant="h4" sx={{ mb: 2, fontWeight: 700 }}>
      Plantation
    </Typography>
  );
}

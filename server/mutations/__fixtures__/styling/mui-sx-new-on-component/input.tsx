import { Box } from '@mui/material';

export function Panel() {
  return <Box component="section">Six drones are flying.</Box>;
}

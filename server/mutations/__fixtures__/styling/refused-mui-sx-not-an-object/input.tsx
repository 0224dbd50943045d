import { Box } from '@mui/material';

const panel = { p: 2 };

export function Panel() {
  return <Box sx={panel}>Six drones are flying.</Box>;
}

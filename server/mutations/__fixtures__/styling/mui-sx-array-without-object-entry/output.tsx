import { Box } from '@mui/material';

export function Panel({ active }: { active: boolean }) {
  return <Box sx={[{ '&:hover': { color: 'primary.main' } }, active && { bgcolor: 'primary.main' }]}>Six drones are flying.</Box>;
}

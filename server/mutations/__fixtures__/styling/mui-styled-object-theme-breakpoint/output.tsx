import { Box } from '@mui/material';
import { styled } from '@mui/material/styles';

const Panel = styled(Box)(({ theme }) => ({
  padding: theme.spacing(2),
  borderRadius: 8,
  [theme.breakpoints.up('md')]: { borderRadius: '12px', fontWeight: 600 },
}));

export function Card() {
  return <Panel>Six drones are flying.</Panel>;
}

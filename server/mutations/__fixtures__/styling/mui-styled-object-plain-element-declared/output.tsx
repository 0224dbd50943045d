import { Typography } from '@mui/material';
import { styled } from '@mui/material/styles';

const Text = styled('p')({
  color: '#1f4d1b',
  marginBottom: '16px',
});

export function Title() {
  return (
    <header>
      <Typography variant="h4">Plantation</Typography>
      <Text>Six drones are flying.</Text>
    </header>
  );
}

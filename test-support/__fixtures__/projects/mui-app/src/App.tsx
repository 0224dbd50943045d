import { Box, Button, Typography } from '@mui/material';
import { styled } from '@mui/material/styles';

const Panel = styled(Box)(({ theme }) => ({
  padding: theme.spacing(2),
  borderRadius: 8,
}));

export function App() {
  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="h4" sx={{ color: 'primary.main', mb: 2 }}>
        Plantation
      </Typography>
      <Panel>
        <Typography>Six drones are flying.</Typography>
        <Button variant="contained">Refresh</Button>
      </Panel>
      <p>Updated every hour.</p>
    </Box>
  );
}

import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';

export function Toolbar() {
  return (
    <Box sx={{ display: 'flex' }}>
      <Stack>Hàng</Stack>
    </Box>
  );
}

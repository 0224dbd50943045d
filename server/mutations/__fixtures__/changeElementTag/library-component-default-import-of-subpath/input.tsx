import Box from '@mui/material/Box';

export function Toolbar() {
  return (
    <Box sx={{ display: 'flex' }}>
      <span>Hàng</span>
    </Box>
  );
}

import { createTheme } from '@mui/material/styles';

export const theme = createTheme({
  palette: {
    primary: { main: '#2e5e4e' },
    secondary: { main: '#c77d32' },
  },
  spacing: 8,
});

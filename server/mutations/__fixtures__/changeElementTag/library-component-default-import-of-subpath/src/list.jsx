import Stack from '@mui/material/Stack';

export default function List({ children }) {
  return <Stack spacing={2}>{children}</Stack>;
}

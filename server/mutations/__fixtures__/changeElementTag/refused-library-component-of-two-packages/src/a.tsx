import { Alert } from '@mui/material';

export function A() {
  return <Alert severity="info">A</Alert>;
}

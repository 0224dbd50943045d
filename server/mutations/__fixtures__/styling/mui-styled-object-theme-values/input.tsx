import { styled } from '@mui/material/styles';

const Note = styled('p')(({ theme }) => ({
  color: theme.palette.text.secondary,
  marginBottom: theme.spacing(1),
}));

export function Reminder() {
  return <Note>Tap the trees before dawn.</Note>;
}

import { styled } from '@mui/material/styles';

const Note = styled('p')(({ theme }) => ({
  color: theme.palette.primary.main,
  marginBottom: theme.spacing(2),
  paddingTop: theme.spacing(1.5),
  fontWeight: 600,
}));

export function Reminder() {
  return <Note>Tap the trees before dawn.</Note>;
}

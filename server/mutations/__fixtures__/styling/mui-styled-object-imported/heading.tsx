import { styled } from '@mui/material/styles';

export const Heading = styled('h2')({
  fontSize: '2rem',
});

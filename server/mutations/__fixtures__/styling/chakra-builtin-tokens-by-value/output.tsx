import { Box } from '@chakra-ui/react';

export function Badge() {
  return <Box p={3} color="blue.500" bg="teal.50" letterSpacing="wide" lineHeight="short">Tapped</Box>;
}

import { Box } from '@chakra-ui/react';

export function Panel() {
  return <Box p={6}>Lô A</Box>;
}

import { Box } from '@chakra-ui/react';

export function Panel() {
  return <Box p={{ base: 6, md: 8 }}>Lô A</Box>;
}

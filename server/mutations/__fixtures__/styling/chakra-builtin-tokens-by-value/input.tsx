import { Box } from '@chakra-ui/react';

export function Badge() {
  return <Box p={2}>Tapped</Box>;
}

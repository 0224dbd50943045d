import { Heading } from '@chakra-ui/react';

export function Title() {
  return (
    <Heading size="lg" marginTop={4} color="teal.500" fontSize="lg" fontWeight="bold">
      Vườn cao su
    </Heading>
  );
}

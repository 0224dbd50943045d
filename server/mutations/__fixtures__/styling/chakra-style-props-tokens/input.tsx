import { Heading } from '@chakra-ui/react';

export function Title() {
  return (
    <Heading size="lg" marginTop={2}>
      Vườn cao su
    </Heading>
  );
}

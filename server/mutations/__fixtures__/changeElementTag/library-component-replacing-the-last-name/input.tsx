import { Button, Center, VStack } from '@chakra-ui/react';

export function Landing() {
  return (
    <Center>
      <VStack>
        <Button>Ví dụ</Button>
      </VStack>
    </Center>
  );
}

import { Button, Center, HStack } from '@chakra-ui/react';

export function Landing() {
  return (
    <Center>
      <HStack>
        <Button>Ví dụ</Button>
      </HStack>
    </Center>
  );
}

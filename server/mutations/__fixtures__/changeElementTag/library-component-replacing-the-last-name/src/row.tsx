import { HStack } from '@chakra-ui/react';

export function Row() {
  return <HStack gap={2} />;
}

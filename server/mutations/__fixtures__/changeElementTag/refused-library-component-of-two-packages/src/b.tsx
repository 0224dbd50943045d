import { Alert } from '@chakra-ui/react';

export function B() {
  return <Alert.Root status="info">B</Alert.Root>;
}

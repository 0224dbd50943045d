import { Button } from '@chakra-ui/react';

export function Save() {
  return <Button bg="teal.500">Lưu</Button>;
}

import { Text } from '@mantine/core';

export function Note() {
  return (
    <Text ta="center" size="sm" fz="lg" c="blue.6" mt="md">
      Sản lượng hôm nay
    </Text>
  );
}

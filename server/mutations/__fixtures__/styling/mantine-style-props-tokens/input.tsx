import { Text } from '@mantine/core';

export function Note() {
  return (
    <Text ta="center" size="sm">
      Sản lượng hôm nay
    </Text>
  );
}

import { Anchor, Text } from 'ui-kit';

export function Welcome() {
  return (
    <main className="p-2">
      <Text size="lg">
        Đọc <Anchor href="/guide">hướng dẫn</Anchor>.
      </Text>
    </main>
  );
}

import { Anchor, Text } from 'ui-kit';
import { Sidebar } from './sidebar';

export function HomePage() {
  return (
    <aside>
      <Text size="lg">
        Đọc <Anchor href="/guide">hướng dẫn</Anchor>.
      </Text>
      <Sidebar />
    </aside>
  );
}

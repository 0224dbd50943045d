import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';

export function App() {
  return (
    <main className="mx-auto max-w-xl p-8">
      <Card>
        <CardTitle>Lô cao su A3</CardTitle>
        <p className="text-sm text-slate-600">Cạo mủ sáng nay: 214 cây.</p>
        <div className="flex gap-2">
          <Button>Lưu</Button>
          <Button variant="outline" size="sm">
            Huỷ
          </Button>
          <Button variant="destructive" className="ml-auto">
            Xoá
          </Button>
        </div>
      </Card>
    </main>
  );
}

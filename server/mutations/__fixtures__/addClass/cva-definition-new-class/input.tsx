import { Button } from './button';

export function Toolbar() {
  return (
    <div className="flex gap-2">
      <Button variant="destructive">Xoá</Button>
      <Button>Lưu</Button>
      <Button variant="outline" size="sm" className="w-full">Huỷ</Button>
    </div>
  );
}

import { buttonVariants } from './button';

export function Back() {
  return (
    <a href="/" className={buttonVariants({ variant: 'outline' })}>
      Quay lại
    </a>
  );
}

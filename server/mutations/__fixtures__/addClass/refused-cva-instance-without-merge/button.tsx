import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from './utils';

const buttonVariants = cva('inline-flex items-center gap-2 rounded-md text-sm font-medium', {
  variants: {
    variant: {
      default: 'bg-emerald-600 text-white hover:bg-emerald-700',
      destructive: 'bg-red-600 text-white',
      outline: 'border bg-transparent',
    },
    size: {
      default: 'h-9 px-4 py-2',
      sm: 'h-8 px-3',
    },
  },
  defaultVariants: { variant: 'default', size: 'default' },
});

function Button({ className, variant, size, ...props }: ComponentProps<'button'> & VariantProps<typeof buttonVariants>) {
  return <button className={cn(buttonVariants({ variant, size, className }))} {...props} />;
}

export { Button, buttonVariants };

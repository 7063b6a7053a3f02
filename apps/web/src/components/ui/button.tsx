import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Spinner } from './spinner';

/** The spec's six variants, plus 'danger' for destructive confirmations. */
export type ButtonVariant = 'primary' | 'secondary' | 'tertiary' | 'dark' | 'gray' | 'transparent' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-primary text-white shadow-sm hover:bg-secondary',
  secondary: 'bg-secondary text-white shadow-sm hover:bg-primary',
  tertiary: 'bg-tertiary text-slate-950 shadow-sm hover:bg-[#3a8fcc]',
  dark: 'bg-slate-900 text-white shadow-sm hover:bg-slate-700',
  gray: 'bg-slate-100 text-slate-800 hover:bg-slate-200',
  transparent: 'bg-transparent text-primary hover:bg-primary-50',
  danger: 'bg-red-700 text-white shadow-sm hover:bg-red-800',
};

const SIZES: Record<ButtonSize, string> = {
  sm: 'h-9 gap-1.5 px-3 text-sm',
  md: 'h-11 gap-2 px-4 text-sm',
  lg: 'h-12 gap-2 px-6 text-base',
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  loading?: boolean;
  /** Text shown instead of the children while loading, e.g. 'Signing in…'. */
  loadingText?: string;
  fullWidth?: boolean;
  icon?: ReactNode;
}

export function buttonClasses({
  variant = 'transparent',
  size = 'md',
  fullWidth = false,
  className,
}: Pick<ButtonProps, 'variant' | 'size' | 'fullWidth' | 'className'>): string {
  return cn(
    'inline-flex shrink-0 items-center justify-center rounded-lg font-semibold whitespace-nowrap transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-tertiary',
    'disabled:cursor-not-allowed disabled:opacity-60 aria-busy:cursor-wait',
    VARIANTS[variant],
    SIZES[size],
    fullWidth && 'w-full',
    className,
  );
}

export function Button({
  variant = 'transparent',
  size = 'md',
  loading = false,
  loadingText,
  fullWidth,
  icon,
  disabled,
  className,
  children,
  type = 'button',
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={buttonClasses({ variant, size, fullWidth, className })}
      {...props}
    >
      {loading ? <Spinner size="sm" /> : icon}
      {loading && loadingText ? loadingText : children}
    </button>
  );
}

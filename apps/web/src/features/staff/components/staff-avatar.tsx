import { useState } from 'react';
import { cn } from '@/lib/cn';
import { initials } from '@/lib/format';

export interface StaffAvatarProps {
  name: string;
  photoUrl: string | null;
  size?: 'sm' | 'lg';
  className?: string;
}

const SIZES = { sm: 'size-9 text-xs', lg: 'size-24 text-2xl' } as const;

/** The staff member's photo, or their initials when there is none (or it cannot load). */
export function StaffAvatar({ name, photoUrl, size = 'sm', className }: StaffAvatarProps) {
  const [failed, setFailed] = useState(false);
  const box = cn('inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full', SIZES[size], className);
  if (photoUrl && !failed) {
    return <img src={photoUrl} alt={`Photo of ${name}`} className={cn(box, 'object-cover')} loading="lazy" onError={() => setFailed(true)} />;
  }
  return (
    <span className={cn(box, 'bg-primary-100 font-semibold text-primary')} aria-hidden="true">
      {initials(name)}
    </span>
  );
}

import { Drawer } from 'antd';
import type { ReactNode } from 'react';
import { Sidebar } from '@/app/shell/sidebar';
import { useSide } from '@/components/use-side';

interface MobileMenuProps {
  open: boolean;
  brand: ReactNode;
  onClose: () => void;
}

/** The sidebar in a drawer, at 1024 px and below; a link click closes it. Loaded lazily by the shell (issue 16). */
export function MobileMenu({ open, brand, onClose }: MobileMenuProps) {
  // From the side the sidebar stands on: the left in English, the right in Arabic.
  const { side } = useSide();
  return (
    <Drawer open={open} onClose={onClose} placement={side('start')} size={260} title={brand}>
      <Sidebar onNavigate={onClose} />
    </Drawer>
  );
}

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, ConfigProvider, Drawer, Popover } from 'antd';
import type { DirectionType } from 'antd/es/config-provider';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { physicalPlacement, physicalSide, useSide, type LogicalPlacement } from '@/components/use-side';

function inDirection(direction: DirectionType, ui: ReactNode) {
  return render(
    <ConfigProvider direction={direction} theme={{ token: { motion: false } }}>
      {ui}
    </ConfigProvider>,
  );
}

function EndDrawer() {
  const { side } = useSide();
  return (
    <Drawer open placement={side('end')} title="Detail">
      Body
    </Drawer>
  );
}

function EndPopover({ placement }: { placement: LogicalPlacement }) {
  const sides = useSide();
  return (
    <Popover content="Columns" trigger="click" placement={sides.placement(placement)}>
      <Button>Open</Button>
    </Popover>
  );
}

const drawerRoot = () => document.querySelector('.ant-drawer');
const popover = () => document.querySelector('.ant-popover');

describe('useSide', () => {
  it('names the physical side and placement of each logical one, mirrored right to left', () => {
    expect(physicalSide('start', 'ltr')).toBe('left');
    expect(physicalSide('end', 'ltr')).toBe('right');
    expect(physicalSide('start', 'rtl')).toBe('right');
    expect(physicalSide('end', 'rtl')).toBe('left');
    expect(physicalPlacement('bottomEnd', 'ltr')).toBe('bottomRight');
    expect(physicalPlacement('bottomEnd', 'rtl')).toBe('bottomLeft');
    expect(physicalPlacement('topStart', 'rtl')).toBe('topRight');
    expect(physicalPlacement('endTop', 'rtl')).toBe('leftTop');
    expect(physicalPlacement('top', 'rtl')).toBe('top');
  });

  it("opens a detail drawer from the right in English and from the left in Arabic (Ant Design keeps a Drawer's side)", () => {
    const english = inDirection('ltr', <EndDrawer />);
    expect(drawerRoot()).toHaveClass('ant-drawer-right');
    english.unmount();

    const arabic = inDirection('rtl', <EndDrawer />);
    expect(drawerRoot()).toHaveClass('ant-drawer-left');
    arabic.unmount();

    // What the hook is for: under rtl Ant Design still opens placement="right" on the right.
    inDirection(
      'rtl',
      <Drawer open placement={physicalSide('end', 'ltr')} title="Detail">
        Body
      </Drawer>,
    );
    expect(drawerRoot()).toHaveClass('ant-drawer-right');
  });

  it("mirrors a popover's placement in Arabic (Ant Design keeps an explicit placement)", async () => {
    const english = inDirection('ltr', <EndPopover placement="bottomEnd" />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByText('Columns')).toBeInTheDocument();
    expect(popover()).toHaveClass('ant-popover-placement-bottomRight');
    english.unmount();

    inDirection('rtl', <EndPopover placement="bottomEnd" />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByText('Columns')).toBeInTheDocument();
    expect(popover()).toHaveClass('ant-popover-placement-bottomLeft');
  });

  it('reads the direction of the nearest ConfigProvider (left to right without one)', () => {
    function Direction() {
      const { direction, rtl } = useSide();
      return <p>{`${direction} ${String(rtl)}`}</p>;
    }
    const plain = render(<Direction />);
    expect(screen.getByText('ltr false')).toBeInTheDocument();
    plain.unmount();
    inDirection('rtl', <Direction />);
    expect(screen.getByText('rtl true')).toBeInTheDocument();
  });
});

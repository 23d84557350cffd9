import { ConfigProvider } from 'antd';
import type { DirectionType } from 'antd/es/config-provider';
import type { TooltipPlacement } from 'antd/es/tooltip';
import { useContext, useMemo } from 'react';

/** A side of the line of text: where it starts (left in English, right in Arabic) and where it ends. */
export type LogicalSide = 'start' | 'end';
/** The physical side Ant Design's Drawer takes. */
export type PhysicalSide = 'left' | 'right';

/** Popup placements that hang below or above their trigger (the ones a Dropdown takes too). */
export type LogicalVerticalPlacement = 'top' | 'bottom' | 'topStart' | 'topEnd' | 'bottomStart' | 'bottomEnd';
/** Every popup placement of a Tooltip, Popover or Popconfirm, by the side of the line of text instead of left and right. */
export type LogicalPlacement = LogicalVerticalPlacement | 'start' | 'end' | 'startTop' | 'startBottom' | 'endTop' | 'endBottom';
type VerticalPlacement = Extract<TooltipPlacement, 'top' | 'bottom' | 'topLeft' | 'topRight' | 'bottomLeft' | 'bottomRight'>;

/** Each logical placement as Ant Design names it, left to right and right to left. */
const PLACEMENTS: Record<LogicalPlacement, readonly [ltr: TooltipPlacement, rtl: TooltipPlacement]> = {
  top: ['top', 'top'],
  bottom: ['bottom', 'bottom'],
  topStart: ['topLeft', 'topRight'],
  topEnd: ['topRight', 'topLeft'],
  bottomStart: ['bottomLeft', 'bottomRight'],
  bottomEnd: ['bottomRight', 'bottomLeft'],
  start: ['left', 'right'],
  end: ['right', 'left'],
  startTop: ['leftTop', 'rightTop'],
  startBottom: ['leftBottom', 'rightBottom'],
  endTop: ['rightTop', 'leftTop'],
  endBottom: ['rightBottom', 'leftBottom'],
};

/** The physical side of `side` in a layout of direction `direction`. */
export function physicalSide(side: LogicalSide, direction: DirectionType): PhysicalSide {
  const rtl = direction === 'rtl';
  return (side === 'start') !== rtl ? 'left' : 'right';
}

/** Ant Design's name for the logical `placement` in a layout of direction `direction`. */
export function physicalPlacement(placement: LogicalVerticalPlacement, direction: DirectionType): VerticalPlacement;
export function physicalPlacement(placement: LogicalPlacement, direction: DirectionType): TooltipPlacement;
export function physicalPlacement(placement: LogicalPlacement, direction: DirectionType): TooltipPlacement {
  return PLACEMENTS[placement][direction === 'rtl' ? 1 : 0];
}

export interface Sides {
  /** The layout's direction, from the nearest ConfigProvider ('ltr' when none says). */
  direction: 'ltr' | 'rtl';
  rtl: boolean;
  /** A Drawer's `placement`: 'end' opens a detail drawer from the right in English and from the left in Arabic. */
  side: (side: LogicalSide) => PhysicalSide;
  /** A Tooltip's, Popover's or Dropdown's `placement`, mirrored right to left. */
  placement: PlacementOf;
}

interface PlacementOf {
  (placement: LogicalVerticalPlacement): VerticalPlacement;
  (placement: LogicalPlacement): TooltipPlacement;
}

/**
 * The sides and popup placements of the layout's direction, from Ant Design's ConfigProvider. Ant Design mirrors
 * the layout of its components right to left, but not a Drawer's `placement` nor an explicit Tooltip, Popover or
 * Dropdown `placement`: those name a physical side, and take it from here.
 */
export function useSide(): Sides {
  const { direction } = useContext(ConfigProvider.ConfigContext);
  const dir = direction === 'rtl' ? 'rtl' : 'ltr';
  return useMemo(
    () => ({
      direction: dir,
      rtl: dir === 'rtl',
      side: (side: LogicalSide) => physicalSide(side, dir),
      placement: ((placement: LogicalPlacement) => physicalPlacement(placement, dir)) as PlacementOf,
    }),
    [dir],
  );
}

"""Gavel: the back office of a vehicle auction business."""

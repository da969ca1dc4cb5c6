import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppTabs } from './app-tabs';

const apps = [
  { code: 'mirror', name: 'Downloads', active: true },
  { code: 'system', name: 'System', active: false },
  { code: 'tools', name: 'Tools', active: false },
];

describe('AppTabs', () => {
  it('shows the active application as the selected tab and switches on a click of another', () => {
    const onSwitch = vi.fn();
    render(<AppTabs apps={apps} activeCode="mirror" onSwitch={onSwitch} switching={false} />);
    const selected = screen.getByRole('tab', { selected: true });
    expect(selected.textContent).toBe('Downloads');
    // One tab stop for the list: the selected tab.
    expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([0, -1, -1]);

    fireEvent.click(selected);
    expect(onSwitch).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('tab', { name: 'System' }));
    expect(onSwitch).toHaveBeenCalledWith('system');
  });

  it('moves the focus with the arrow keys, Home and End, wrapping round', () => {
    render(<AppTabs apps={apps} activeCode="mirror" onSwitch={vi.fn()} switching={false} />);
    const [downloads, system, tools] = screen.getAllByRole('tab');
    downloads?.focus();
    fireEvent.keyDown(downloads!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(system);
    fireEvent.keyDown(system!, { key: 'End' });
    expect(document.activeElement).toBe(tools);
    fireEvent.keyDown(tools!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(downloads);
    fireEvent.keyDown(downloads!, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(tools);
    fireEvent.keyDown(tools!, { key: 'Home' });
    expect(document.activeElement).toBe(downloads);
  });

  it('keeps the other tabs disabled while a switch is under way', () => {
    const onSwitch = vi.fn();
    render(<AppTabs apps={apps} activeCode="mirror" onSwitch={onSwitch} switching />);
    const system = screen.getByRole('tab', { name: 'System' }) as HTMLButtonElement;
    expect(system.disabled).toBe(true);
    fireEvent.click(system);
    expect(onSwitch).not.toHaveBeenCalled();
  });
});

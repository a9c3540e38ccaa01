/** `spec`: the seed contract where it speaks, the vendor's document elsewhere (default); `hosted`: the vendor's document everywhere. */
export type ApiShape = 'spec' | 'hosted';

export const API_SHAPES: readonly ApiShape[] = ['spec', 'hosted'];

/** The shape a flag or DGW_LOCAL_API_SHAPE names, or undefined when it names none. */
export function parseApiShape(text: string | undefined): ApiShape | undefined {
  const value = text?.trim().toLowerCase();
  return API_SHAPES.find((s) => s === value);
}

/**
 * The two API shapes the local gateway answers in: `spec`, the seed contract (gateway-api.md)
 * wherever it speaks and the vendor's document elsewhere (the default); `hosted`, the vendor's
 * document everywhere, as the hosted service answers.
 */
export type ApiShape = 'spec' | 'hosted';

export const API_SHAPES: readonly ApiShape[] = ['spec', 'hosted'];

/** The shape a flag or DGW_LOCAL_API_SHAPE names, or undefined when it names none. */
export function parseApiShape(text: string | undefined): ApiShape | undefined {
  const value = text?.trim().toLowerCase();
  return API_SHAPES.find((s) => s === value);
}

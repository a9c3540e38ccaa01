import { HostedPresenter } from './hosted.js';
import type { ApiShape } from './shape.js';
import { SpecPresenter } from './spec.js';

export { API_SHAPES, type ApiShape } from './shape.js';

/** What the routes hand their results to: the presenter of one API shape. */
export type Presenter = SpecPresenter;

export function presenterFor(shape: ApiShape): Presenter {
  return shape === 'hosted' ? new HostedPresenter() : new SpecPresenter();
}

import type { Command } from 'commander';
import type { Wiring } from '../wiring.js';
import { registerDriverJdbc } from './jdbc.js';
import { registerDriverList } from './list.js';
import { registerDriverSqlalchemy } from './sqlalchemy.js';

export function registerDriver(program: Command, wiring: Wiring): void {
  const driver = program.command('driver').description('Connection strings of the supported drivers (JDBC, SQLAlchemy) for BI tools');
  registerDriverList(driver, wiring);
  registerDriverJdbc(driver, wiring);
  registerDriverSqlalchemy(driver, wiring);
}

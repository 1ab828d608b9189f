// What the figures were measured on: CPUs, memory, load, Node and PostgreSQL versions, the date.
import os from 'node:os';

export interface Machine {
  cpus: number;
  cpuModel: string;
  ramGb: number;
  node: string;
  postgres: string;
  date: string;
  /** 1-minute load average at the start and at the end of the run. */
  loadBefore: number;
  loadAfter?: number;
}

export function describeMachine(postgres: string): Machine {
  return {
    cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown', ramGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version, postgres, date: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC', loadBefore: os.loadavg()[0]!,
  };
}

export const machineLine = (m: Machine) =>
  `${m.cpus} CPUs (${m.cpuModel}), ${m.ramGb} GB RAM, Node ${m.node}, PostgreSQL ${m.postgres} (embedded), ${m.date}; ` +
  `load average ${m.loadBefore.toFixed(1)} at the start${m.loadAfter !== undefined ? `, ${m.loadAfter.toFixed(1)} at the end` : ''}`;

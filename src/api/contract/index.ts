export * from './primitives';
export * from './chatbot';
export * from './chat';
export * from './listings';
export * from './files';
export * from './versions';
export * from './operations';
export * from './errors';

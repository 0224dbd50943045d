export { default as Heading } from './heading';
export * from './row';

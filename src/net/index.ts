/** The shared-world wire protocol and its rules, imported alike by the client and the room. */
export * from './protocol';
export * from './parse';
export * from './token-bucket';
export * from './edit-rules';
export * from './pending-edits';
export * from './shared-edit-view';

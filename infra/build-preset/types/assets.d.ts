// Module declarations for files the build handles.
declare module '*.css';

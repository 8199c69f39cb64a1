import { registerExporter } from './exporter';

registerExporter('console');

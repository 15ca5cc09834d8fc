/*
 * edge.js lists the components of every mounted disk (a directory walk) each time a renderer is
 * made when it was created with its cache off, which the default instance is: AdonisJS turns
 * the cache on later (edge_provider, production), and the plugin's « recurring » flag keeps
 * the creation's value. Every request makes a renderer (the session and the CSP nonce are
 * shared with the views), so in production every request walked resources/views. With the
 * cache on, templates are compiled once anyway: the components are listed once (decision 688).
 */
import edge from 'edge.js'
import app from '@adonisjs/core/services/app'

if (app.inProduction) {
  const components = edge.loader.listComponents()
  edge.loader.listComponents = () => components
}
